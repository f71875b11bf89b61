import { create } from 'zustand';

export interface Toast {
  /** A newer toast has a new id, which restarts the time it is shown. */
  id: number;
  /** A spec message in English (translated when shown) or already translated text. */
  text: string;
}

interface ToastState {
  toast: Toast | null;
  show: (text: string) => void;
  dismiss: () => void;
}

let shown = 0;

/**
 * The app's one toast, user side and panel alike: a success that needs no place on the page,
 * shown for 3 seconds by the <Toaster/> in the root layout. Errors, and what must stay in view
 * (recovery codes, a page's only outcome), stay in a Notice beside their form.
 */
export const useToast = create<ToastState>()((set) => ({
  toast: null,
  show: (text) => set({ toast: { id: ++shown, text } }),
  dismiss: () => set({ toast: null }),
}));

/** Shows `text` as the toast, in place of the one shown. */
export const showToast = (text: string): void => useToast.getState().show(text);
