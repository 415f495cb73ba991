/**
 * The few browser globals three.js's GLTFLoader and FBXLoader touch, so they parse in Node:
 * `self` (for URL.createObjectURL) and a `document` whose <img> elements "load" immediately
 * without decoding (tests check skeletons, weights and clips, not pixels).
 */
class FakeImage {
  private listeners = new Map<string, ((e: unknown) => void)[]>();
  width = 1;
  height = 1;
  addEventListener(type: string, fn: (e: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  removeEventListener(type: string, fn: (e: unknown) => void): void {
    this.listeners.set(type, (this.listeners.get(type) ?? []).filter((f) => f !== fn));
  }
  set src(_v: string) {
    setTimeout(() => (this.listeners.get('load') ?? []).forEach((fn) => fn({ target: this })), 0);
  }
}

export function installThreeNodeShim(): void {
  const g = globalThis as Record<string, unknown>;
  g.self ??= globalThis;
  g.document ??= {
    createElementNS: () => new FakeImage(),
    createElement: () => new FakeImage(),
  };
}
