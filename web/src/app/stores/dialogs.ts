import { create } from 'zustand';

export type Dialog = 'none' | 'language' | 'install';

interface DialogState {
  dialog: Dialog;
  open: (dialog: Exclude<Dialog, 'none'>) => void;
  close: () => void;
}

/** App-wide dialogs opened from the header and the More sheet. */
export const useDialogs = create<DialogState>()((set) => ({
  dialog: 'none',
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: 'none' }),
}));
