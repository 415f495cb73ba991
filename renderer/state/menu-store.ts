/** Native menu commands waiting for the page that handles them (Generate, Catalog). */
import { create } from 'zustand';
import type { MenuCommand } from '../../shared/api/desktop-bridge';

interface MenuState {
  pending: MenuCommand | null;
  post(c: MenuCommand): void;
  take(kind: MenuCommand['kind']): boolean;
}

export const useMenu = create<MenuState>((set, get) => ({
  pending: null,
  post: (c) => set({ pending: c }),
  take(kind) {
    if (get().pending?.kind !== kind) return false;
    set({ pending: null });
    return true;
  },
}));
