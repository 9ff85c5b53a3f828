import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LANGUAGES } from '@trustleaf/domain/rules/themes';
import {
  ChangePasswordInputSchema,
  ConfirmEmailChangeInputSchema,
  RequestEmailChangeInputSchema,
  UpdateUserProfileInputSchema,
  type ConfirmEmailChangeInput,
  type UserDetail,
} from '@trustleaf/domain/schemas/profile';
import { enqueueSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { errorText } from '@/lib/error-notice';
import { applyServerIssues } from '@/lib/server-issues';
import { useAppStore } from '@/stores/app-store';
import { useChangePassword } from '@/features/profile/api/change-password';
import { useConfirmEmailChange } from '@/features/profile/api/confirm-email-change';
import { useUserDetail } from '@/features/profile/api/get-user-detail';
import { useRequestEmailChange } from '@/features/profile/api/request-email-change';
import { useSignOutOtherDevices } from '@/features/profile/api/sign-out-other-devices';
import { useUpdateProfile } from '@/features/profile/api/update-user-profile';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby={id}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.25rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** A form's failure as a whole (a refusal that names none of its fields), under the form. */
function FormAlert({ text, testId }: { text: string | null; testId?: string }) {
  return text ? (
    <Alert severity="error" sx={{ mt: 2 }} data-testid={testId}>
      {text}
    </Alert>
  ) : null;
}

/**
 * A form of this tab bound to its shared schema: the API's refusals of its fields land on them, any
 * other failure is the form's alert text.
 */
function useSettingsForm<T extends FieldValues>(
  schema: z.ZodType<FieldValues, FieldValues>,
  defaultValues: DefaultValues<T>,
) {
  const { t } = useTranslation();
  const form = useForm<T>({ resolver: zodResolver(schema) as never, defaultValues });
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (error: unknown) => {
    if (!applyServerIssues(form, error)) setFailure(errorText(t, error));
  };
  return { form, failure, setFailure, fail };
}

type ProfileValues = z.input<typeof UpdateUserProfileInputSchema>;

function ProfileForm({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const update = useUpdateProfile(detail.plUserId);
  const setLanguage = useAppStore((state) => state.setLanguage);
  const { form, failure, setFailure, fail } = useSettingsForm<ProfileValues>(UpdateUserProfileInputSchema, {
    firstName: detail.firstName,
    lastName: detail.lastName,
    phone: detail.phone,
    preferredLanguage: detail.preferredLanguage,
  });
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    update.mutate(values, {
      onSuccess: () => {
        // The saved language is the one the app speaks from now on, here and at the next sign-in.
        setLanguage(values.preferredLanguage);
        enqueueSnackbar(t('profile.updated'), { variant: 'success' });
      },
      onError: fail,
    });
  });
  const { control } = form;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Box sx={grid}>
        <FormField
          control={control}
          name="firstName"
          label={t('profile.firstName')}
          autoComplete="given-name"
        />
        <FormField
          control={control}
          name="lastName"
          label={t('profile.lastName')}
          autoComplete="family-name"
        />
        <FormField control={control} name="phone" label={t('profile.phone')} autoComplete="tel" />
        <FormField control={control} name="preferredLanguage" label={t('profile.language')} select>
          {LANGUAGES.map((language) => (
            <MenuItem key={language} value={language}>
              {t(`profile.languages.${language}`)}
            </MenuItem>
          ))}
        </FormField>
      </Box>
      <FormAlert text={failure} />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={update.isPending}>
        {t('profile.save')}
      </Button>
    </Box>
  );
}

/** The code sent to the pending address; `onConfirmed` and `onError` belong to the email section. */
function ConfirmEmailForm(props: {
  detail: UserDetail;
  onSend: () => void;
  onConfirmed: () => void;
  onError: (error: unknown) => void;
}) {
  const { detail, onSend, onConfirmed, onError } = props;
  const { t } = useTranslation();
  const confirmChange = useConfirmEmailChange(detail.plUserId);
  const form = useForm<ConfirmEmailChangeInput>({
    resolver: zodResolver(ConfirmEmailChangeInputSchema),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit((values) => {
    onSend();
    confirmChange.mutate(values, {
      onSuccess: () => {
        form.reset();
        onConfirmed();
        enqueueSnackbar(t('profile.emailChanged'), { variant: 'success' });
      },
      onError: (error) => {
        if (!applyServerIssues(form, error)) onError(error);
      },
    });
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={grid}>
      <Typography sx={{ gridColumn: '1 / -1' }}>
        {t('profile.enterCode', { email: detail.pendingEmail })}
      </Typography>
      <FormField
        control={form.control}
        name="code"
        label={t('profile.code')}
        autoComplete="one-time-code"
        htmlInput={{ inputMode: 'numeric', 'data-testid': 'email-code' }}
      />
      <Box>
        <Button type="submit" variant="contained" loading={confirmChange.isPending}>
          {t('profile.confirmEmail')}
        </Button>
      </Box>
    </Box>
  );
}

type EmailValues = z.input<typeof RequestEmailChangeInputSchema>;

function EmailChange({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange(detail.plUserId);
  const { form, failure, setFailure, fail } = useSettingsForm<EmailValues>(RequestEmailChangeInputSchema, {
    newEmail: '',
    password: '',
  });
  const ask = form.handleSubmit((values) => {
    setFailure(null);
    request.mutate(values, {
      onSuccess: () => {
        form.resetField('password');
        enqueueSnackbar(t('profile.codeSent', { email: values.newEmail.trim() }), { variant: 'info' });
      },
      onError: fail,
    });
  });
  return (
    <Stack spacing={2}>
      <Typography>
        {t('profile.currentEmail')}: <strong data-testid="current-email">{detail.email}</strong>
      </Typography>
      {detail.pendingEmail ? (
        <ConfirmEmailForm
          detail={detail}
          onSend={() => setFailure(null)}
          onConfirmed={() => form.resetField('newEmail')}
          onError={fail}
        />
      ) : null}
      <Box component="form" noValidate onSubmit={(event) => void ask(event)} sx={grid}>
        <FormField
          control={form.control}
          name="newEmail"
          label={t('profile.newEmail')}
          type="email"
          autoComplete="email"
          htmlInput={{ 'data-testid': 'new-email' }}
        />
        <FormField
          control={form.control}
          name="password"
          label={t('profile.currentPassword')}
          type="password"
          autoComplete="current-password"
          htmlInput={{ 'data-testid': 'email-password' }}
        />
        <Box>
          <Button type="submit" variant="outlined" loading={request.isPending}>
            {t('profile.sendCode')}
          </Button>
        </Box>
      </Box>
      <FormAlert text={failure} testId="email-error" />
    </Stack>
  );
}

const PASSWORD_FIELDS = [
  ['oldPassword', 'profile.oldPassword', 'current-password'],
  ['newPassword', 'profile.newPassword', 'new-password'],
  ['confirmPassword', 'profile.confirmPassword', 'new-password'],
] as const;

type PasswordValues = z.input<typeof ChangePasswordInputSchema>;

function PasswordChange() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { form, failure, setFailure, fail } = useSettingsForm<PasswordValues>(ChangePasswordInputSchema, {
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        enqueueSnackbar(t('profile.passwordChanged'), { variant: 'success' });
      },
      onError: fail,
    });
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
        {PASSWORD_FIELDS.map(([name, label, autoComplete]) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            label={t(label)}
            type="password"
            autoComplete={autoComplete}
            helperText={name === 'newPassword' ? t('validation.strongPassword') : undefined}
            htmlInput={{ 'data-testid': name }}
          />
        ))}
      </Box>
      <FormAlert text={failure} testId="password-error" />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={change.isPending}>
        {t('profile.changePassword')}
      </Button>
    </Box>
  );
}

function OtherDevices() {
  const { t } = useTranslation();
  const signOut = useSignOutOtherDevices();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('profile.otherDevicesText')}</Typography>
      <Button
        variant="outlined"
        color="error"
        loading={signOut.isPending}
        onClick={() =>
          signOut.mutate(undefined, {
            onSuccess: ({ signedOut }) =>
              enqueueSnackbar(t('profile.signedOutOthers', { count: signedOut }), { variant: 'success' }),
            onError: () => enqueueSnackbar(t('errors.generic'), { variant: 'error' }),
          })
        }
      >
        {t('profile.signOutOthers')}
      </Button>
    </Stack>
  );
}

/** The account setting tab (spec 3 §2): profile, email, password and other devices. */
export function AccountSettings({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const detail = useUserDetail(userId);
  if (detail.isPending) return <Typography>{t('team.loading')}</Typography>;
  if (detail.isError) return <Alert severity="error">{t('errors.generic')}</Alert>;
  return (
    <Stack spacing={3}>
      <Section id="profile-details" title={t('profile.details')}>
        <ProfileForm detail={detail.data} />
      </Section>
      <Section id="profile-email" title={t('profile.email')}>
        <EmailChange detail={detail.data} />
      </Section>
      <Section id="profile-password" title={t('profile.password')}>
        <PasswordChange />
      </Section>
      <Section id="profile-devices" title={t('profile.otherDevices')}>
        <OtherDevices />
      </Section>
    </Stack>
  );
}
