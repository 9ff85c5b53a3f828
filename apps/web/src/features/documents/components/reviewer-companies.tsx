import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DirectoryEntry } from '@trustleaf/domain/schemas/directory';
import { AssignReviewerFormSchema, type ReviewerCompany } from '@trustleaf/domain/schemas/document';
import { enqueueSnackbar } from 'notistack';
import { useDeferredValue, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { companyTypeLabel } from '@/lib/company-type-label';
import { useErrorNotice } from '@/lib/error-notice';
import { translateMessage } from '@/lib/i18n-messages';
import { keyedZodResolver, type KeyedFieldError } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { useAssignReviewer } from '../api/assign-reviewer';
import { useReviewers } from '../api/get-reviewers';
import { useReviewerSearch } from '../api/search-reviewers';

/**
 * The reviewer companies of a company's vault (issue 20): its owners and admins let a company such as
 * their merchant processor review their documents, found by name in the public directory, and stop it.
 */
export function ReviewerCompanies({ plCompanyId }: { plCompanyId: number }) {
  const { t } = useTranslation();
  const reviewers = useReviewers(plCompanyId);
  const assign = useAssignReviewer(plCompanyId);
  const failed = useErrorNotice();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<DirectoryEntry | null>(null);
  const [removing, setRemoving] = useState<ReviewerCompany | null>(null);
  const query = useDeferredValue(search.trim());
  const found = useReviewerSearch(query);
  const assigned = new Set((reviewers.data ?? []).map((reviewer) => reviewer.plCompanyId));
  const options = (found.data ?? []).filter(
    (entry) => entry.plCompanyId !== plCompanyId && !assigned.has(entry.plCompanyId),
  );

  const form = useForm({
    resolver: keyedZodResolver(AssignReviewerFormSchema),
    defaultValues: { plCompanyId, reviewerCompanyId: null },
  });
  const { field: reviewerField, fieldState } = useController({
    control: form.control,
    name: 'reviewerCompanyId',
  });
  const choose = (option: DirectoryEntry | null) => {
    setChosen(option);
    reviewerField.onChange(option?.plCompanyId ?? null);
  };

  const add = form.handleSubmit(async ({ reviewerCompanyId }) => {
    if (!chosen || reviewerCompanyId === null) return;
    try {
      await assign.mutateAsync({ reviewerCompanyId });
      enqueueSnackbar(t('documents.reviewers.added', { company: chosen.name }), { variant: 'success' });
      choose(null);
      setSearch('');
    } catch (error) {
      if (!applyServerIssues(form, error)) failed(error);
    }
  });

  const confirmRemoval = async (confirmed: boolean) => {
    const reviewer = removing;
    setRemoving(null);
    if (!confirmed || !reviewer) return;
    try {
      await assign.mutateAsync({ reviewerCompanyId: reviewer.plCompanyId, remove: true });
      enqueueSnackbar(t('documents.reviewers.removed', { company: reviewer.companyName }), {
        variant: 'success',
      });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="reviewer-companies-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="reviewer-companies-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('documents.reviewers.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 2 }}>{t('documents.reviewers.intro')}</Typography>
      {reviewers.isError ? <Alert severity="error">{t('errors.generic')}</Alert> : null}
      {reviewers.data && reviewers.data.length === 0 ? (
        <Typography sx={{ mb: 2 }}>{t('documents.reviewers.none')}</Typography>
      ) : null}
      <Stack
        component="ul"
        spacing={1}
        aria-label={t('documents.reviewers.title')}
        sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}
        data-testid="reviewer-list"
      >
        {reviewers.data?.map((reviewer) => (
          <Box
            component="li"
            key={reviewer.plCompanyId}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <Typography sx={{ flex: 1, minWidth: 160, overflowWrap: 'anywhere' }}>
              {reviewer.companyName}
            </Typography>
            <Button
              size="small"
              color="error"
              aria-label={t('documents.reviewers.removeFor', { company: reviewer.companyName })}
              onClick={() => setRemoving(reviewer)}
            >
              {t('documents.reviewers.remove')}
            </Button>
          </Box>
        ))}
      </Stack>
      <Box
        component="form"
        aria-label={t('documents.reviewers.addLabel')}
        noValidate
        onSubmit={(event) => void add(event)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
      >
        <Autocomplete
          sx={{ flex: 1, minWidth: { xs: '100%', sm: 280 } }}
          options={options}
          value={chosen}
          inputValue={search}
          loading={found.isFetching}
          filterOptions={(list) => list}
          isOptionEqualToValue={(option, current) => option.plCompanyId === current.plCompanyId}
          getOptionLabel={(option) => option.name}
          getOptionKey={(option) => option.plCompanyId}
          onInputChange={(_event, text) => setSearch(text)}
          onChange={(_event, option) => choose(option)}
          noOptionsText={
            query.length < 3 ? t('documents.reviewers.typeMore') : t('documents.reviewers.noMatch')
          }
          loadingText={t('app.loading')}
          renderOption={(props, option) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <li key={key} {...rest}>
                <Box>
                  <Typography>{option.name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {[
                      option.businessType && companyTypeLabel(t, option.businessType),
                      option.city,
                      option.state,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('documents.reviewers.search')}
              inputRef={reviewerField.ref}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error
                  ? // The form's and the server's refusals arrive as their keys (with any values named).
                    translateMessage(
                      t,
                      fieldState.error.message,
                      (fieldState.error as KeyedFieldError).params,
                    )
                  : t('documents.reviewers.searchHelp')
              }
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  maxLength: 100,
                  'data-testid': 'reviewer-search',
                },
              }}
            />
          )}
        />
        <Button type="submit" variant="contained" disabled={!chosen} loading={assign.isPending}>
          {t('documents.reviewers.add')}
        </Button>
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={t('documents.reviewers.confirmTitle')}
        message={t('documents.reviewers.confirmText', { company: removing?.companyName ?? '' })}
        confirmLabel={t('documents.reviewers.remove')}
        onClose={(confirmed) => void confirmRemoval(confirmed)}
      />
    </Paper>
  );
}
