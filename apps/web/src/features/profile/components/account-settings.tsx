import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LANGUAGES } from '@trustleaf/domain/rules/themes';
import {
  ChangePasswordInputSchema,
  UpdateUserProfileInputSchema,
  type UserDetail,
} from '@trustleaf/domain/schemas/profile';
import { enqueueSnackbar } from 'notistack';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n-messages';
import { useAppStore } from '@/stores/app-store';
import { useChangePassword } from '@/features/profile/api/change-password';
import { useConfirmEmailChange } from '@/features/profile/api/confirm-email-change';
import { useUserDetail } from '@/features/profile/api/get-user-detail';
import { useRequestEmailChange } from '@/features/profile/api/request-email-change';
import { useSignOutOtherDevices } from '@/features/profile/api/sign-out-other-devices';
import { useUpdateProfile } from '@/features/profile/api/update-user-profile';

type Errors = Record<string, string>;

/** The shared schema's field messages (the API checks the same), keyed by field. */
function fieldErrors(schema: z.ZodType, values: unknown): Errors | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return null;
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

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

function ProfileForm({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const update = useUpdateProfile(detail.plUserId);
  const setLanguage = useAppStore((state) => state.setLanguage);
  const [values, setValues] = useState({
    firstName: detail.firstName,
    lastName: detail.lastName,
    phone: detail.phone,
    preferredLanguage: detail.preferredLanguage,
  });
  const [errors, setErrors] = useState<Errors>({});
  const message = (field: string) => (errors[field] ? translateMessage(t, errors[field]) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(UpdateUserProfileInputSchema, values);
    setErrors(found ?? {});
    if (found) return;
    update.mutate(values, {
      onSuccess: () => {
        // The saved language is the one the app speaks from now on, here and at the next sign-in.
        setLanguage(values.preferredLanguage);
        enqueueSnackbar(t('profile.updated'), { variant: 'success' });
      },
      onError: (error) =>
        setErrors({ form: error instanceof ApiError ? error.message : 'Something went wrong' }),
    });
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Box sx={grid}>
        <TextField
          label={t('profile.firstName')}
          value={values.firstName}
          onChange={(event) => setValues({ ...values, firstName: event.target.value })}
          error={Boolean(errors.firstName)}
          helperText={message('firstName')}
          autoComplete="given-name"
        />
        <TextField
          label={t('profile.lastName')}
          value={values.lastName}
          onChange={(event) => setValues({ ...values, lastName: event.target.value })}
          error={Boolean(errors.lastName)}
          helperText={message('lastName')}
          autoComplete="family-name"
        />
        <TextField
          label={t('profile.phone')}
          value={values.phone}
          onChange={(event) => setValues({ ...values, phone: event.target.value })}
          error={Boolean(errors.phone)}
          helperText={message('phone')}
          autoComplete="tel"
        />
        <TextField
          select
          label={t('profile.language')}
          value={values.preferredLanguage}
          onChange={(event) =>
            setValues({ ...values, preferredLanguage: event.target.value as UserDetail['preferredLanguage'] })
          }
        >
          {LANGUAGES.map((language) => (
            <MenuItem key={language} value={language}>
              {t(`profile.languages.${language}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {errors.form ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translateMessage(t, errors.form)}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={update.isPending}>
        {t('profile.save')}
      </Button>
    </Box>
  );
}

function EmailChange({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange(detail.plUserId);
  const confirmChange = useConfirmEmailChange(detail.plUserId);
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fail = (failure: unknown) =>
    setError(failure instanceof ApiError ? translateMessage(t, failure.message) : t('errors.generic'));
  const ask = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    request.mutate(
      { newEmail, password },
      {
        onSuccess: () => {
          setPassword('');
          enqueueSnackbar(t('profile.codeSent', { email: newEmail.trim() }), { variant: 'info' });
        },
        onError: fail,
      },
    );
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    confirmChange.mutate(
      { code },
      {
        onSuccess: () => {
          setCode('');
          setNewEmail('');
          enqueueSnackbar(t('profile.emailChanged'), { variant: 'success' });
        },
        onError: fail,
      },
    );
  };
  return (
    <Stack spacing={2}>
      <Typography>
        {t('profile.currentEmail')}: <strong data-testid="current-email">{detail.email}</strong>
      </Typography>
      {detail.pendingEmail ? (
        <Box component="form" noValidate onSubmit={confirm} sx={grid}>
          <Typography sx={{ gridColumn: '1 / -1' }}>
            {t('profile.enterCode', { email: detail.pendingEmail })}
          </Typography>
          <TextField
            label={t('profile.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'email-code' } }}
            autoComplete="one-time-code"
          />
          <Box>
            <Button type="submit" variant="contained" loading={confirmChange.isPending}>
              {t('profile.confirmEmail')}
            </Button>
          </Box>
        </Box>
      ) : null}
      <Box component="form" noValidate onSubmit={ask} sx={grid}>
        <TextField
          label={t('profile.newEmail')}
          type="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'new-email' } }}
          autoComplete="email"
        />
        <TextField
          label={t('profile.currentPassword')}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'email-password' } }}
          autoComplete="current-password"
        />
        <Box>
          <Button type="submit" variant="outlined" loading={request.isPending}>
            {t('profile.sendCode')}
          </Button>
        </Box>
      </Box>
      {error ? (
        <Alert severity="error" data-testid="email-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

function PasswordChange() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const message = (field: string) => (errors[field] ? translateMessage(t, errors[field]) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(ChangePasswordInputSchema, values);
    setErrors(found ?? {});
    if (found) return;
    change.mutate(values, {
      onSuccess: () => {
        setValues(empty);
        enqueueSnackbar(t('profile.passwordChanged'), { variant: 'success' });
      },
      onError: (error) =>
        setErrors({ form: error instanceof ApiError ? error.message : 'Something went wrong' }),
    });
  };
  const field = (name: keyof typeof empty, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={message(name) ?? (name === 'newPassword' ? t('validation.strongPassword') : undefined)}
      autoComplete={autoComplete}
      slotProps={{ htmlInput: { 'data-testid': name } }}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
        {field('oldPassword', t('profile.oldPassword'), 'current-password')}
        {field('newPassword', t('profile.newPassword'), 'new-password')}
        {field('confirmPassword', t('profile.confirmPassword'), 'new-password')}
      </Box>
      {errors.form ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="password-error">
          {translateMessage(t, errors.form)}
        </Alert>
      ) : null}
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
