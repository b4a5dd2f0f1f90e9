/** The ERP module (spec 02 §2 screen 9): the ERP account manager dialog, for the data-source area and the ERP report wizard. */
export { ErpAccountDialog, type ErpAccountDialogProps } from './components/ErpAccountDialog';
export { erpAccountApi, erpAccountKeys } from './api/erpAccounts';
export type { ErpAccount } from './types';
