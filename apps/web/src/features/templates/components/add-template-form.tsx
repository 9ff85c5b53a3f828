import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AddTemplateFormSchema,
  templateBindingInput,
  type AddTemplateFormValues,
} from '@trustleaf/domain/schemas/site-template';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { DomainFields, FIELD_ROW_SX, FIELD_SX, ROW_BUTTON_SX } from './domain-settings';
import { useFailure, type Mutations } from './editor-state';

const EMPTY: AddTemplateFormValues = { name: '', domain: '', plCompanyId: '' };

/** A new template: its name and, optionally, the host name and partner company it is shown for. */
export function AddTemplateForm({
  mutations,
  onAdded,
}: {
  mutations: Mutations;
  onAdded: (id: number) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<AddTemplateFormValues>({
    resolver: keyedZodResolver(AddTemplateFormSchema),
    defaultValues: EMPTY,
  });
  const failed = useFailure();
  const submit = form.handleSubmit((values) => {
    mutations.add.mutate(
      { name: values.name, ...templateBindingInput(values) },
      {
        onSuccess: (created) => {
          form.reset(EMPTY);
          onAdded(created.plSiteTemplateId);
        },
        onError: (error) => {
          if (!applyServerIssues(form, error)) failed(error);
        },
      },
    );
  });
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {t('siteTemplate.add.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={FIELD_ROW_SX}>
        <FormField
          control={form.control}
          name="name"
          label={t('siteTemplate.fields.name')}
          size="small"
          sx={FIELD_SX}
        />
        <DomainFields control={form.control} />
        <Button type="submit" variant="contained" disabled={mutations.add.isPending} sx={ROW_BUTTON_SX}>
          {t('siteTemplate.add.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
