/** Hash routes (`#/rig`, `#/catalog`, ...): work from file:// and any service origin alike. */
import { create } from 'zustand';
import { STUDIO_PAGES, type StudioPage } from '../../shared/api/desktop-bridge';

function pageFromHash(): StudioPage {
  const name = window.location.hash.replace(/^#\/?/, '').split(/[/?&]/)[0];
  return (STUDIO_PAGES as readonly string[]).includes(name) ? (name as StudioPage) : 'rig';
}

interface RouteState {
  page: StudioPage;
  go(page: StudioPage): void;
  sync(): void;
}

export const useRoute = create<RouteState>((set) => ({
  page: typeof window !== 'undefined' ? pageFromHash() : 'rig',
  go(page) {
    if (window.location.hash !== `#/${page}`) window.location.hash = `#/${page}`;
    set({ page });
  },
  sync() {
    set({ page: pageFromHash() });
  },
}));
