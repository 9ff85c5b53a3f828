import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TemplateBindingFormSchema,
  templateBindingInput,
  type SiteTemplate,
  type TemplateBindingFormValues,
} from '@trustleaf/domain/schemas/site-template';
import { enqueueSnackbar } from 'notistack';
import { useId } from 'react';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n-messages';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { useFailure, type Mutations } from './editor-state';

/**
 * Domain settings (spec 3 §1 admin "domain settings"): the host name whose visitors see the template
 * before signing in, and the partner company whose members see it once signed in. Only that exact
 * host name matches. A draft of a published template has none of its own: the published one keeps them.
 */
export function DomainSettings({ template, mutations }: { template: SiteTemplate; mutations: Mutations }) {
  const { t } = useTranslation();
  const headingId = useId();
  const failed = useFailure();
  const form = useForm<TemplateBindingFormValues>({
    resolver: keyedZodResolver(TemplateBindingFormSchema),
    defaultValues: {
      domain: template.domain ?? '',
      plCompanyId: template.plCompanyId ? String(template.plCompanyId) : '',
    },
  });
  const submit = form.handleSubmit((values) => {
    mutations.update.mutate(
      { plSiteTemplateId: template.plSiteTemplateId, ...templateBindingInput(values) },
      {
        onSuccess: (saved) => {
          form.setValue('domain', saved.domain ?? '');
          enqueueSnackbar(t('siteTemplate.domainSettings.saved'), { variant: 'success' });
        },
        onError: (error) => {
          if (!applyServerIssues(form, error)) failed(error);
        },
      },
    );
  });
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={headingId}
      spacing={1.5}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}
      data-testid="domain-settings"
    >
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('siteTemplate.domainSettings.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('siteTemplate.domainSettings.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={FIELD_ROW_SX}>
        <DomainFields control={form.control} />
        <Button type="submit" variant="outlined" disabled={mutations.update.isPending} sx={ROW_BUTTON_SX}>
          {t('siteTemplate.domainSettings.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * A row of these fields and its button from the md breakpoint: the fields share the width, each wide
 * enough for its whole label ("ID de l’entreprise partenaire"), and move to a line of their own rather
 * than squeeze it; the button keeps its text on one line (issue 19: nothing wraps at 1024 px).
 */
export const FIELD_ROW_SX = { alignItems: { md: 'flex-start' }, flexWrap: { md: 'wrap' } } as const;
export const FIELD_SX = { flex: { md: '1 1 16rem' } } as const;
export const ROW_BUTTON_SX = { flexShrink: 0, whiteSpace: 'nowrap', minHeight: 40 } as const;

/** The host name and partner company fields, in the add form and in a template's domain settings. */
export function DomainFields<T extends FieldValues & TemplateBindingFormValues>({
  control,
}: {
  control: Control<T>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Controller
        control={control}
        name={'domain' as Path<T>}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('siteTemplate.fields.domain')}
            size="small"
            sx={FIELD_SX}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error
                ? translateMessage(t, fieldState.error.message)
                : t('siteTemplate.fields.domainHelp')
            }
            slotProps={{ htmlInput: { maxLength: 253, autoCapitalize: 'none', spellCheck: false } }}
          />
        )}
      />
      <Controller
        control={control}
        name={'plCompanyId' as Path<T>}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
            label={t('siteTemplate.fields.companyId')}
            size="small"
            sx={FIELD_SX}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? translateMessage(t, fieldState.error.message) : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        )}
      />
    </>
  );
}
