import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INPUT_MASKS } from '@trustleaf/domain/rules/input-masks';
import { isTypeAllowedForSegments, normalizeSaleNumber } from '@trustleaf/domain/rules/sign-up';
import type {
  CompanyOnboardingForm,
  ProspectDetail,
  UserRegisterInput,
} from '@trustleaf/domain/schemas/accounts';
import { memo, useCallback, useEffect, useState } from 'react';
import { useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form/form-text-field';
import { MaskedTextField } from '@/components/form/masked-text-field';
import { env } from '@/config/env';
import { checkPromoCode } from '@/features/accounts/api/check-promo-code';
import { findDuplicateCompany } from '@/features/accounts/api/find-duplicate-company';
import { getProspectDetail } from '@/features/accounts/api/get-prospect-detail';
import { loadAccountsSchemas } from '@/features/accounts/api/load-accounts';
import { CompanyTypeFields } from '@/features/accounts/components/company-type-fields';
import { PersonalFields, SignUpSubmit } from '@/features/accounts/components/personal-fields';
import { OfficeAddressFields } from '@/features/accounts/components/office-address-field';
import { ProspectSearchField } from '@/features/accounts/components/prospect-search-field';
import {
  PROMO_REFUSAL_KEYS,
  scrollToTop,
  useSignUpSubmit,
} from '@/features/accounts/components/use-sign-up-submit';
import { SignUpFormFrame } from '@/features/accounts/components/sign-up-form-frame';
import {
  AUTOMATIC_SEGMENT,
  NEW_COMPANY_VALUES,
  companyPayload,
  personPayload,
} from '@/features/accounts/components/sign-up-payload';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-notice';
import { translateMessage } from '@/lib/i18n-messages';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

// Built once someone starts on the form (SignUpFormFrame); the resolver waits for it if need be.
const resolver = lazyZodResolver<CompanyOnboardingForm>(() =>
  loadAccountsSchemas().then((schemas) => schemas.CompanyOnboardingFormSchema),
);

export function toRegisterPayload(values: CompanyOnboardingForm, country: string): UserRegisterInput {
  const saleNumber = normalizeSaleNumber(values.saleNumber);
  return {
    ...personPayload(values),
    plSegmentIds: values.segmentId ? [values.segmentId] : [],
    company: {
      ...companyPayload(values, country),
      ...(values.plCompanyId ? { plCompanyId: values.plCompanyId } : {}),
      ...(values.claimCode ? { claimCode: values.claimCode } : {}),
      ...(saleNumber ? { saleNumber } : {}),
      ...(values.promoCode ? { promoCode: values.promoCode } : {}),
    },
  };
}

/** Spec 1 §2 item 1: the company onboarding form. */
export function CompanySignUpForm({
  initialClaimCode,
  onRegistered,
}: {
  initialClaimCode?: string | null;
  onRegistered: (email: string, password: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [claimed, setClaimed] = useState<ProspectDetail | null>(null);
  const { control, handleSubmit, formState, setValue, setError, clearErrors } =
    useForm<CompanyOnboardingForm>({
      resolver,
      mode: 'onTouched',
      defaultValues: {
        ...NEW_COMPANY_VALUES,
        claimCode: initialClaimCode ?? '',
        plCompanyId: null,
        saleNumber: '',
        firstName: '',
        lastName: '',
        phone: '',
        email: '',
        password: '',
        promoCode: '',
        acceptedEula: false,
      },
    });
  // Spec 1 §8: an invalid or used-up promo code also marks the promo field.
  const flow = useSignUpSubmit(onRegistered, (error) => {
    const promoKey = PROMO_REFUSAL_KEYS[error.code];
    if (promoKey) setError('promoCode', { message: promoKey });
  });
  const promoCode = useWatch({ control, name: 'promoCode' });
  const country = env.region.countryCode;

  // Stable, so the company section below is not rendered again with the form.
  const applyClaim = useCallback(
    async (code: string) => {
      if (!code.trim()) return;
      try {
        const detail = await getProspectDetail(code);
        setClaimed(detail);
        const fill = { shouldValidate: false, shouldDirty: true } as const;
        setValue('plCompanyId', detail.plCompanyId, fill);
        setValue('claimCode', detail.claimCode, fill);
        setValue('companyName', detail.companyName, fill);
        setValue('address', detail.officeAddress.address, fill);
        setValue('city', detail.officeAddress.city, fill);
        setValue('state', detail.officeAddress.state, fill);
        setValue('zip', detail.officeAddress.zip, fill);
        const segmentId = AUTOMATIC_SEGMENT ?? detail.plSegmentIds[0] ?? null;
        setValue('segmentId', segmentId, fill);
        if (
          detail.companyType &&
          isTypeAllowedForSegments(detail.companyType, segmentId ? [segmentId] : [])
        ) {
          setValue('typeOfCompany', detail.companyType, fill);
        }
        setValue('firstName', detail.prospectContact.firstName, fill);
        setValue('lastName', detail.prospectContact.lastName, fill);
        setValue('email', detail.prospectContact.email, fill);
        setValue('phone', detail.prospectContact.phone, fill);
      } catch (error) {
        setClaimed(null);
        setValue('plCompanyId', null);
        setError('claimCode', {
          message: error instanceof ApiError ? errorText(t, error) : t('signUp.claimInvalid'),
        });
      }
    },
    [setValue, setError, t],
  );

  useEffect(() => {
    // Only the code the page opened with is applied automatically (applyClaim itself never changes).
    if (initialClaimCode) void applyClaim(initialClaimCode);
  }, [initialClaimCode, applyClaim]);

  const onSubmit = handleSubmit(async (values) => {
    if (!values.acceptedEula) return;
    flow.setServerError(null);
    try {
      const duplicate = await findDuplicateCompany(values.companyName.trim(), values.state);
      if (duplicate) {
        flow.setServerError(t('signUp.duplicate'));
        scrollToTop();
        return;
      }
      // A wrong promo code is caught before the email code goes out; registration applies a good one.
      const promoCode = values.promoCode.trim();
      if (promoCode) await checkPromoCode(promoCode);
    } catch (error) {
      flow.showError(error);
      return;
    }
    await flow.start(toRegisterPayload(values, country));
  });

  return (
    <SignUpFormFrame
      label={t('signUp.title')}
      onSubmit={(event) => void onSubmit(event)}
      flow={flow}
      banner={
        claimed
          ? { testId: 'claim-banner', text: t('signUp.claimBanner', { company: claimed.companyName }) }
          : null
      }
    >
      <CompanySection control={control} setValue={setValue} country={country} onApplyClaim={applyClaim} />
      <Divider />
      <Typography variant="h3" component="h2">
        {t('signUp.personalSection')}
      </Typography>
      <PersonalSection control={control} />
      <TextField
        label={t('signUp.promoCode')}
        value={promoCode}
        onChange={(event) => {
          setValue('promoCode', event.target.value);
          clearErrors('promoCode');
        }}
        error={Boolean(formState.errors.promoCode)}
        helperText={
          formState.errors.promoCode?.message
            ? translateMessage(t, formState.errors.promoCode.message)
            : undefined
        }
      />
      <SignUpSubmit control={control} isSubmitting={formState.isSubmitting} />
    </SignUpFormFrame>
  );
}

/** Kept apart from the form's own renders: the personal fields have no input of their own. */
const PersonalSection = memo(PersonalFields) as typeof PersonalFields;

/**
 * The company's fields. A component of its own, so that react-hook-form's render of the form once it
 * has mounted (synchronous, in the commit that takes the written-out page over) and every key typed in
 * the promo code leave it as it is.
 */
const CompanySection = memo(function CompanySection({
  control,
  setValue,
  country,
  onApplyClaim,
}: {
  control: Control<CompanyOnboardingForm>;
  setValue: UseFormSetValue<CompanyOnboardingForm>;
  country: typeof env.region.countryCode;
  onApplyClaim: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const claimCode = useWatch({ control, name: 'claimCode' });
  return (
    <>
      <Typography variant="h3" component="h2">
        {t('signUp.companySection')}
      </Typography>
      <ProspectSearchField
        onSelect={(option) => {
          const place = option.locations[0];
          setValue('companyName', option.companyName, { shouldValidate: true });
          if (place) {
            setValue('address', place.address);
            setValue('city', place.city);
            setValue('state', place.state);
            setValue('zip', place.zip);
          }
        }}
      />
      {/* Apply goes under the field where both do not fit with the whole label ('Code de
          revendication (facultatif)' at 360 px). */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <FormTextField control={control} name="claimCode" label={t('signUp.claimCode')} />
        </Box>
        <Button
          variant="outlined"
          sx={{ mt: 1 }}
          onClick={() => void onApplyClaim(claimCode)}
          disabled={!claimCode}
        >
          {t('signUp.claimApply')}
        </Button>
      </Box>
      <FormTextField
        control={control}
        name="companyName"
        label={t('signUp.companyName')}
        autoComplete="organization"
      />
      <CompanyTypeFields control={control} showSegment={env.region.segmentChoice} />
      <OfficeAddressFields control={control} setValue={setValue} country={country} />
      {country === 'CA' ? (
        <MaskedTextField
          control={control}
          name="zip"
          label={t('signUp.postalCode')}
          mask={INPUT_MASKS.canadianPostalCode}
        />
      ) : (
        <FormTextField control={control} name="zip" label={t('signUp.zip')} autoComplete="postal-code" />
      )}
      <MaskedTextField
        control={control}
        name="saleNumber"
        label={t('signUp.saleNumber')}
        mask={{ mask: INPUT_MASKS.salesMemberId, placeholderChar: '_', lazy: false }}
        inputMode="numeric"
      />
    </>
  );
});
