/** User-side wallet: Asset Overview, top-up, withdrawal, Financial Records, notifications. */
export const wallet = {
  wallet: {},
  bell: {},
};
