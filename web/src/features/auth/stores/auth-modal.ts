import { create } from 'zustand';

export type AuthModalKind = 'none' | 'login' | 'register';

interface AuthModalState {
  modal: AuthModalKind;
  /** A request is in flight: the modal cannot be closed or switched. */
  busy: boolean;
  open: (modal: Exclude<AuthModalKind, 'none'>) => void;
  close: () => void;
  setBusy: (busy: boolean) => void;
}

export const useAuthModal = create<AuthModalState>()((set, get) => ({
  modal: 'none',
  busy: false,
  open: (modal) => {
    if (!get().busy) set({ modal });
  },
  close: () => {
    if (!get().busy) set({ modal: 'none' });
  },
  setBusy: (busy) => set({ busy }),
}));
