import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { CompanyOnboardingFormSchema } from '@trustleaf/domain/schemas/accounts';
import { enqueueSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { UploadField } from '@/components/upload/upload-field';
import { env } from '@/config/env';
import { createCompany } from '@/features/accounts/api/create-company';
import { CompanyTypeFields } from '@/features/accounts/components/company-type-fields';
import { OfficeAddressFields } from '@/features/accounts/components/office-address-field';
import { NEW_COMPANY_VALUES, companyPayload } from '@/features/accounts/components/sign-up-payload';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-notice';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';

/**
 * Spec 2 §5 "Create company": name required (40), type required; segment, processor and office
 * address as on sign-up, by the sign-up form's own (keyed) rules.
 */
const CreateCompanyFormSchema = CompanyOnboardingFormSchema.pick({
  companyName: true,
  typeOfCompany: true,
  segmentId: true,
  manufactureForOther: true,
  requiredMOQ: true,
  address: true,
  city: true,
  state: true,
  zip: true,
});
type CreateCompanyForm = z.infer<typeof CreateCompanyFormSchema>;

/** Spec 2 §2 "Create Company dialog" for a signed-in user without a company; Enter does not submit. */
export function CreateCompanyDialog({ open, onCreated }: { open: boolean; onCreated: () => Promise<void> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [logo, setLogo] = useState<{ key: string; previewUrl: string | null } | null>(null);
  const { control, handleSubmit, formState, setValue } = useForm<CreateCompanyForm>({
    resolver: keyedZodResolver(CreateCompanyFormSchema),
    mode: 'onTouched',
    defaultValues: NEW_COMPANY_VALUES,
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await createCompany({
        company: companyPayload(values, env.region.countryCode),
        plSegmentIds: values.segmentId ? [values.segmentId] : [],
        ...(logo ? { logoUploadKey: logo.key } : {}),
      });
      await onCreated();
    } catch (error) {
      setServerError(
        error instanceof ApiError && error.status < 500 ? errorText(t, error) : t('errors.generic'),
      );
    }
  });

  return (
    <Dialog open={open} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('createCompany.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          // Spec 2 §2: the Enter key does not submit; only the Create button does.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT')
              event.preventDefault();
          }}
          onSubmit={(event) => {
            event.preventDefault();
          }}
          sx={{ display: 'grid', gap: 2.5, pt: 1 }}
        >
          <DialogContentText>{t('createCompany.intro')}</DialogContentText>
          {serverError ? (
            <Alert severity="warning" data-testid="create-company-error">
              {serverError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Avatar
              src={logo?.previewUrl ?? undefined}
              alt=""
              sx={{ width: 56, height: 56 }}
              variant="rounded"
            />
            <UploadField
              mode="image"
              label={t('createCompany.logo')}
              onUploaded={(result) => setLogo({ key: result.key, previewUrl: result.previewUrl })}
              onError={(message) => {
                setLogo(null);
                enqueueSnackbar(message, { variant: 'error' });
              }}
            />
          </Box>
          <FormTextField control={control} name="companyName" label={t('signUp.companyName')} />
          <CompanyTypeFields control={control} showSegment={env.region.segmentChoice} />
          <OfficeAddressFields
            control={control}
            setValue={setValue}
            country={env.region.countryCode}
            zip={<FormTextField control={control} name="zip" label={t('signUp.zip')} />}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" loading={formState.isSubmitting} onClick={() => void onSubmit()}>
          {t('createCompany.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
