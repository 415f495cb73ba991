/** Messages shown to the user: every service error lands here with its message, never swallowed. */
import { create } from 'zustand';
import { describeError } from '../api/api-error';

export interface Notice {
  id: number;
  kind: 'error' | 'info' | 'success';
  message: string;
}

interface NoticesState {
  notices: Notice[];
  push(kind: Notice['kind'], message: string): void;
  error(err: unknown, context?: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useNotices = create<NoticesState>((set, get) => ({
  notices: [],
  push(kind, message) {
    const id = nextId++;
    set({ notices: [...get().notices.slice(-4), { id, kind, message }] });
    if (kind !== 'error') setTimeout(() => get().dismiss(id), 5000);
  },
  error(err, context) {
    if (err instanceof DOMException && err.name === 'AbortError') return;
    get().push('error', context ? `${context}: ${describeError(err)}` : describeError(err));
  },
  dismiss(id) {
    set({ notices: get().notices.filter((n) => n.id !== id) });
  },
}));
