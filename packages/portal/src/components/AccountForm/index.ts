export { AccountForm, useAccountForm, type AccountFormProps } from './AccountForm.tsx';
export {
  ACCOUNT_FORM_KEYS,
  REQUIRED_ACCOUNT_KEYS,
  accountFormBody,
  accountFormValues,
  applyAccountServerErrors,
  emptyAccountForm,
  type AccountFormKey,
  type AccountFormValues,
} from './values.ts';
export { callingCodes, useCountryList } from './countries.ts';
