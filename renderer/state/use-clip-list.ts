/**
 * The library clips of one body plan, for the Rig page's "Clips to bake".
 *
 * Why it polls: on a first start the service installs the built-in clips in a background process,
 * so the page may open before they exist. An empty list is asked for again every few seconds
 * (bounded), and the list is refreshed whenever the window regains focus (after an
 * `animations import`, for example).
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/client';
import type { AnimationClip, RigType } from '../api/types';
import { useNotices } from './notices-store';

const EMPTY_RETRY_MS = 3000;
const EMPTY_RETRIES = 60;

export function useClipList(api: ApiClient, rigType: RigType): AnimationClip[] {
  const [clips, setClips] = useState<AnimationClip[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retries = 0;
    const load = () => {
      clearTimeout(timer);
      api.listAnimations({ rig_type: rigType, limit: 200 }, controller.signal).then(
        (list) => {
          setClips(list.animations);
          if (list.animations.length === 0 && retries++ < EMPTY_RETRIES) timer = setTimeout(load, EMPTY_RETRY_MS);
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          setClips([]);
          useNotices.getState().error(err, 'Loading the clip list');
        },
      );
    };
    load();
    window.addEventListener('focus', load);
    return () => {
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener('focus', load);
    };
  }, [api, rigType]);
  return clips;
}
