import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, get, useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { accountFormSchema } from '@trellis/domain/validation/account-form';
import { callingCodes, useCountryList } from './countries.ts';
import { emptyAccountForm, REQUIRED_ACCOUNT_KEYS, type AccountFormKey, type AccountFormValues } from './values.ts';

// The domain schema reads the same shape with nullable parts; the inputs hold strings.
const resolver = zodResolver(accountFormSchema) as unknown as Resolver<AccountFormValues>;

/** A react-hook-form form checked by the domain's accountFormSchema (spec §5 messages, exact). */
export function useAccountForm(values?: AccountFormValues): UseFormReturn<AccountFormValues> {
  return useForm<AccountFormValues>({ resolver, defaultValues: values ?? emptyAccountForm() });
}

const LABELS: Partial<Record<AccountFormKey, string>> = {
  name: 'Name',
  external_uid: 'External UID',
  external_id: 'External ID',
  tax_id: 'Tax ID',
  'contact_info.address_line1': 'Address line 1',
  'contact_info.address_line2': 'Address line 2',
  'contact_info.city': 'City',
  'contact_info.state': 'State / region',
  'contact_info.postal_code': 'Postal code',
  'contact_info.country': 'Country',
  'contact.first_name': 'First name',
  'contact.last_name': 'Last name',
  'contact.email': 'E-mail',
  'contact.phone_number.country_code': 'Country code',
  'contact.phone_number.area_code': 'Area code',
  'contact.phone_number.phone': 'Phone number',
  'contact.phone_number.extension': 'Extension',
};

/** Hints under fields without an error (the error message replaces them). */
const HINTS: Partial<Record<AccountFormKey, string>> = {
  name: '4 to 64 characters.',
  external_uid: 'Your own unique identifier of this account.',
  external_id: 'Optional; unique when given.',
};

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
const WIDE = { gridColumn: '1 / -1' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export interface AccountFormProps {
  form: UseFormReturn<AccountFormValues>;
  disabled?: boolean;
  /** Focus the name when the form appears (in a dialog). */
  autoFocus?: boolean;
}

/**
 * The account form of spec §3: the account's name and identifiers, its address and its contact person.
 * Messages come from the form's state: the schema's on submit, or the server's after applyAccountServerErrors.
 */
export function AccountForm({ form, disabled, autoFocus }: AccountFormProps) {
  const {
    register,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const countries = useCountryList();
  const list = countries.data ?? [];
  const codes = callingCodes(list);

  const messageOf = (key: AccountFormKey): string | undefined =>
    (get(errors, key) as { message?: string } | undefined)?.message;
  const common = (key: AccountFormKey) => {
    const message = messageOf(key);
    return {
      label: LABELS[key],
      required: REQUIRED_ACCOUNT_KEYS.has(key),
      fullWidth: true,
      disabled,
      error: !!message,
      helperText: message ?? HINTS[key],
    };
  };
  const text = (
    key: AccountFormKey,
    extra: { sx?: object; inputMode?: 'tel' | 'numeric' | 'email'; autoComplete?: string } = {},
  ) => (
    <TextField
      key={key}
      {...common(key)}
      {...register(key)}
      sx={extra.sx}
      autoFocus={autoFocus && key === 'name'}
      slotProps={{ htmlInput: { inputMode: extra.inputMode, autoComplete: extra.autoComplete ?? 'off' } }}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Section title="Account">
        <Box sx={GRID}>
          {text('name', { sx: WIDE })}
          {text('external_uid')}
          {text('external_id')}
          {text('tax_id')}
        </Box>
      </Section>
      <Section title="Address">
        <Box sx={GRID}>
          {text('contact_info.address_line1', { sx: WIDE })}
          {text('contact_info.address_line2', { sx: WIDE })}
          {text('contact_info.city')}
          {text('contact_info.state')}
          {text('contact_info.postal_code')}
          <Controller
            name="contact_info.country"
            control={control}
            render={({ field }) => (
              <TextField
                select
                {...common('contact_info.country')}
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  // A phone usually shares the address's country: offer its prefix while none is chosen.
                  const prefix = list.find((c) => c.id === e.target.value)?.prefix;
                  if (prefix && !getValues('contact.phone_number.country_code'))
                    setValue('contact.phone_number.country_code', prefix);
                }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="" />
                {field.value && !list.some((c) => c.id === field.value) && (
                  <option value={field.value}>{field.value}</option>
                )}
                {list.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </TextField>
            )}
          />
        </Box>
      </Section>
      <Section title="Contact">
        <Box sx={GRID}>
          {text('contact.first_name', { autoComplete: 'given-name' })}
          {text('contact.last_name', { autoComplete: 'family-name' })}
          {text('contact.email', { sx: WIDE, inputMode: 'email', autoComplete: 'email' })}
          <Box
            sx={{ ...WIDE, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 2fr 1fr' } }}
            role="group"
            aria-label="Phone"
          >
            <Controller
              name="contact.phone_number.country_code"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  {...common('contact.phone_number.country_code')}
                  name={field.name}
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(e.target.value)}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="" />
                  {field.value && !codes.some((c) => c.prefix === field.value) && (
                    <option value={field.value}>{field.value}</option>
                  )}
                  {codes.map((c) => (
                    <option key={c.prefix} value={c.prefix}>
                      {c.label}
                    </option>
                  ))}
                </TextField>
              )}
            />
            {text('contact.phone_number.area_code', { inputMode: 'tel' })}
            {text('contact.phone_number.phone', { inputMode: 'tel', autoComplete: 'tel-local' })}
            {text('contact.phone_number.extension', { inputMode: 'numeric' })}
          </Box>
        </Box>
      </Section>
    </Box>
  );
}
