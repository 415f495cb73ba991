/** Loads a model for display and disposes GPU resources when it is replaced. */
import { useEffect, useState } from 'react';
import * as THREE from 'three';
import { loadModelBytes, loadModelUrl, type LoadedModel } from './load-model';

export type ModelInput =
  | { kind: 'bytes'; bytes: Uint8Array; name: string }
  | { kind: 'url'; url: string; name?: string }
  | null;

export interface ModelState {
  model: LoadedModel | null;
  loading: boolean;
  error: string | null;
}

function dispose(root: THREE.Object3D): void {
  root.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    mesh.geometry.dispose();
    const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    for (const m of materials) {
      for (const v of Object.values(m)) if (v instanceof THREE.Texture) v.dispose();
      m.dispose();
    }
  });
}

/** `key` identifies the input so a new object with the same content does not reload. */
export function useModel(input: ModelInput, key: string): ModelState {
  const [state, setState] = useState<ModelState>({ model: null, loading: false, error: null });
  useEffect(() => {
    if (!input) {
      setState({ model: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    let loaded: LoadedModel | null = null;
    setState({ model: null, loading: true, error: null });
    const promise =
      input.kind === 'bytes'
        ? loadModelBytes(input.bytes.slice().buffer as ArrayBuffer, input.name)
        : loadModelUrl(input.url, input.name, controller.signal);
    promise.then(
      (model) => {
        loaded = model;
        if (!controller.signal.aborted) setState({ model, loading: false, error: null });
        else dispose(model.root);
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setState({ model: null, loading: false, error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      controller.abort();
      if (loaded) dispose(loaded.root);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
