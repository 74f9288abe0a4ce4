import { create } from 'zustand';

/**
 * Which money modal is open. The plus drawer (shell) and the home screen open the same
 * deposit, transfer and withdraw modals, which the member shell renders once.
 */
export type MoneyModal = 'deposit' | 'transfer' | 'withdraw';

type MoneyModalsState = {
  opened: MoneyModal | null;
  open: (modal: MoneyModal) => void;
  close: () => void;
};

export const useMoneyModals = create<MoneyModalsState>()((set) => ({
  opened: null,
  open: (opened) => set({ opened }),
  close: () => set({ opened: null }),
}));
