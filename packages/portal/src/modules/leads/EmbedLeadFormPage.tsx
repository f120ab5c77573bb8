import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { FormSchema } from '@trellis/domain/parameters/form-schema';
import { api } from '../../api/client.ts';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { CenteredCard } from '../../app/CenteredCard.tsx';
import { useBrand } from '../../app/branding/brand.ts';
import { CustomFormFields, useCustomForm } from '../../components/CustomForm/index.ts';
import { useRecaptcha } from '../../components/Recaptcha.tsx';
import { answerErrors, answersToSend } from './embedErrors.ts';

/** GET /embed/leads/listings/{id}/form: what a visitor may see of a listing's lead form. */
export interface EmbedForm {
  id: string;
  schema: FormSchema;
  listing_id: string;
  product: { id: string; name: string; icon?: string | null };
  vendor: { name: string };
}

/**
 * The public lead form of a listing (no login, no shell; other sites link to it or frame it): the listing's active
 * form in the portal's brand, checked as typed with the server's messages, sent to the public embed endpoint, then
 * a thank-you. An unknown listing, or one without an active form, says the form is not available.
 */
export default function EmbedLeadFormPage() {
  const { listingId = '' } = useParams();
  const brand = useBrand();
  const form = useQuery({
    queryKey: ['embed', 'lead-form', listingId],
    queryFn: ({ signal }) =>
      api.get<EmbedForm>(`/embed/leads/listings/${encodeURIComponent(listingId)}/form`, undefined, signal),
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (form.data) document.title = `${form.data.product.name} · ${brand.title}`;
  }, [form.data, brand.title]);

  if (form.isPending)
    return (
      <CenteredCard title="Contact form">
        <Skeleton variant="rounded" height={220} aria-label="Loading the form" />
      </CenteredCard>
    );
  if (form.isError) {
    const gone = form.error instanceof ApiError && form.error.status === 404;
    return (
      <CenteredCard title="Contact form">
        <Alert severity={gone ? 'info' : 'error'} role="alert">
          {gone ? 'This contact form is not available (any more).' : errorMessage(form.error)}
        </Alert>
      </CenteredCard>
    );
  }
  return <LeadFormFill form={form.data} />;
}

function LeadFormFill({ form }: { form: EmbedForm }) {
  const answers = useCustomForm(form.schema);
  const captcha = useRecaptcha();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const title = `Ask about ${form.product.name}`;

  if (sent)
    return (
      <CenteredCard title="Thank you!">
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }} role="status">
          <CheckCircleOutlineIcon color="success" />
          <Typography>
            Your message about {form.product.name} is on its way to {form.vendor.name}, who will get back to you.
          </Typography>
        </Box>
      </CenteredCard>
    );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!answers.check()) return;
    setSending(true);
    try {
      await api.post(`/embed/leads/listings/${encodeURIComponent(form.listing_id)}/leads`, {
        data: answersToSend(answers.values),
        ...(captcha.token ? { recaptcha: captcha.token } : {}),
      });
      setSent(true);
    } catch (err) {
      captcha.reset();
      const { byField, other } = answerErrors(err instanceof ApiError ? err.fieldErrors : {});
      answers.setErrors(byField);
      setProblem(
        Object.keys(byField).length && !other.length
          ? 'Please check the highlighted answers.'
          : other.join(' ') || errorMessage(err),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <CenteredCard title={title} subtitle={`${form.vendor.name} will get back to you.`}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <CustomFormFields {...answers.fields} />
        {captcha.element}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={sending || (captcha.enabled && !captcha.token)}
        >
          {sending ? 'Sending…' : 'Send'}
        </Button>
      </Box>
    </CenteredCard>
  );
}
