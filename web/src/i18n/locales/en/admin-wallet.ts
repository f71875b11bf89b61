/** Admin top-up requests, withdrawals and the sidebar badges. */
export const adminWallet = {
  adminWallet: {},
};
