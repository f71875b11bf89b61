import { create } from 'zustand';
import { handleRefusal } from './api.ts';

/**
 * The risk disclosure dialog's state. A real-money trade, top-up or withdrawal the server
 * refuses with `disclosure_required` opens it (through the API client, which sends the request
 * again once it is accepted); `ask` opens it before an action too. The dialog's own code loads
 * when it opens (app/RootLayout.tsx).
 */
interface DisclosureState {
  open: boolean;
  settle: ((accepted: boolean) => void) | null;
  ask: () => Promise<boolean>;
  answer: (accepted: boolean) => void;
}

export const useDisclosure = create<DisclosureState>((set, get) => ({
  open: false,
  settle: null,
  ask: () =>
    new Promise<boolean>((resolve) => {
      // A second refusal while the dialog is open waits for the same answer.
      const previous = get().settle;
      set({
        open: true,
        settle: (accepted) => {
          previous?.(accepted);
          resolve(accepted);
        },
      });
    }),
  answer: (accepted) => {
    const { settle } = get();
    set({ open: false, settle: null });
    settle?.(accepted);
  },
}));

handleRefusal('disclosure_required', () => useDisclosure.getState().ask());
