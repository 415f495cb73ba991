import type { SceneModel } from '../mesh/model';

export interface BuiltinAsset {
  /** snake_case, unique in its pack; the asset id is `<pack id>/<name>`. */
  name: string;
  displayName: string;
  category: string;
  /** Builds the model on demand (listing a pack builds nothing). Deterministic. */
  build: () => SceneModel;
}

export interface BuiltinPack {
  /** kebab-case pack id. */
  id: string;
  name: string;
  description: string;
  /** Always 'CC0-1.0': the project generates these assets itself and dedicates them to the public domain. */
  license: 'CC0-1.0';
  assets: BuiltinAsset[];
}

/** 'barrel_small_iron' -> 'Barrel Small Iron'. */
export function displayNameOf(name: string): string {
  return name.split('_').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
}

export function asset(name: string, category: string, build: () => SceneModel, displayName?: string): BuiltinAsset {
  return { name, category, build, displayName: displayName ?? displayNameOf(name) };
}
