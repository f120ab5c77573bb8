import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { NEWS_AUDIENCE_LABELS, PostCreate, authorAudiences, type Post } from '@trellis/domain/news/post';
import { useWrite } from '../../api/useWrite.ts';
import { useAuth } from '../../app/session/SessionProvider.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { applyServerErrors } from '../../components/form/serverErrors.ts';
import { MarkdownField } from '../../components/markdown/MarkdownField.tsx';

const PostForm = z.object({
  title: PostCreate.shape.title,
  subtitle: PostCreate.shape.subtitle,
  audience: PostCreate.shape.audience,
  content: PostCreate.shape.content,
});
type PostForm = z.infer<typeof PostForm>;
const FIELDS = ['title', 'subtitle', 'audience', 'content'] as const;

const HELP = 'Headings (#), lists (-), **bold**, > quotes (3 levels at most) and links; readers see it rendered.';

export interface NewsEditorDialogProps {
  open: boolean;
  /** The draft to change; none: a new post. */
  post?: Post;
  onClose: () => void;
  onSaved: (post: Post) => void;
}

/** A post's title, subtitle, audience and markdown body, with the preview its readers will see. */
export function NewsEditorDialog({ open, post, onClose, onSaved }: NewsEditorDialogProps) {
  const auth = useAuth();
  const audiences = authorAudiences(auth.account.type);
  const [error, setError] = useState<string | null>(null);
  const path = post ? `/news/${post.id}` : '/news';
  const save = useWrite<Post, PostForm>({ method: post ? 'PUT' : 'POST', path }, { objects: post ? [path] : [] });
  const form = useForm<PostForm>({ resolver: zodResolver(PostForm) });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (!open) return;
    setError(null);
    reset({
      title: post?.title ?? '',
      subtitle: post?.subtitle ?? '',
      audience: post?.audience ?? audiences[0],
      content: post?.content ?? '',
    });
    // audiences derive from the account, which does not change while the dialog is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, post, reset]);

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      onSaved(await save.mutateAsync(values));
    } catch (err) {
      setError(applyServerErrors(err, FIELDS, form.setError));
    }
  });

  return (
    <FormDialog
      open={open}
      title={post ? 'Edit news post' : 'Write news post'}
      submitLabel={post ? 'Save' : 'Save as draft'}
      onClose={onClose}
      onSubmit={submit}
      busy={isSubmitting}
      error={error}
      maxWidth="md"
    >
      <TextField
        label="Title"
        required
        autoFocus
        fullWidth
        {...register('title')}
        error={!!errors.title}
        helperText={errors.title?.message}
      />
      <TextField
        label="Subtitle"
        fullWidth
        {...register('subtitle')}
        error={!!errors.subtitle}
        helperText={errors.subtitle?.message}
      />
      <Controller
        control={control}
        name="audience"
        render={({ field }) => (
          <TextField
            select
            label="Audience"
            fullWidth
            {...field}
            value={field.value ?? ''}
            error={!!errors.audience}
            helperText={errors.audience?.message ?? 'Who reads it once it is published.'}
          >
            {audiences.map((a) => (
              <MenuItem key={a} value={a}>
                {NEWS_AUDIENCE_LABELS[a]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <MarkdownField
        control={control}
        name="content"
        label="Content (Markdown)"
        helperText={HELP}
        error={errors.content?.message}
      />
    </FormDialog>
  );
}
