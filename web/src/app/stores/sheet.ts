import { create } from 'zustand';

export type Sheet = 'none' | 'user' | 'more';

interface SheetState {
  sheet: Sheet;
  /** Opening one sheet closes the other: at most one is open. */
  open: (sheet: Exclude<Sheet, 'none'>) => void;
  toggle: (sheet: Exclude<Sheet, 'none'>) => void;
  close: () => void;
}

export const useSheet = create<SheetState>()((set, get) => ({
  sheet: 'none',
  open: (sheet) => set({ sheet }),
  toggle: (sheet) => set({ sheet: get().sheet === sheet ? 'none' : sheet }),
  close: () => set({ sheet: 'none' }),
}));
