import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LANGUAGES } from '@trustleaf/domain/rules/themes';
import {
  ChangePasswordInputSchema,
  ConfirmEmailChangeInputSchema,
  EMAIL_CHANGE_MAX_ATTEMPTS,
  RequestEmailChangeInputSchema,
  UpdateUserProfileInputSchema,
  type ConfirmEmailChangeInput,
  type UserDetail,
} from '@trustleaf/domain/schemas/profile';
import { enqueueSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { useForm, type Control, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { menuOptions } from '@/components/form/menu-options';
import { SettingsSection } from '@/components/layouts/settings-section';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-notice';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { useAppStore } from '@/stores/app-store';
import { useChangePassword } from '@/features/profile/api/change-password';
import { useConfirmEmailChange } from '@/features/profile/api/confirm-email-change';
import { useUserDetail } from '@/features/profile/api/get-user-detail';
import { useRequestEmailChange } from '@/features/profile/api/request-email-change';
import { useSignOutOtherDevices } from '@/features/profile/api/sign-out-other-devices';
import { useUpdateProfile } from '@/features/profile/api/update-user-profile';

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
  const form = useForm<T>({ resolver: keyedZodResolver(schema) as never, defaultValues });
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (error: unknown) => {
    if (!applyServerIssues(form, error)) setFailure(errorText(t, error));
  };
  return { form, failure, setFailure, fail };
}

type ProfileValues = z.input<typeof UpdateUserProfileInputSchema>;

/** A text field of a section's form: its locale keys, input type, autocomplete and the input's test id. */
interface SettingsField<T extends FieldValues> {
  name: Path<T>;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  testId?: string;
  helperText?: string;
}

function SettingsFields<T extends FieldValues>({
  control,
  fields,
}: {
  control: Control<T>;
  fields: readonly SettingsField<T>[];
}) {
  const { t } = useTranslation();
  return fields.map(({ name, label, type = 'text', autoComplete, testId, helperText }) => (
    <FormField
      key={name}
      control={control}
      name={name}
      label={t(label)}
      type={type}
      autoComplete={autoComplete}
      helperText={helperText ? t(helperText) : undefined}
      htmlInput={testId ? { 'data-testid': testId } : undefined}
    />
  ));
}

/** The profile's name and phone fields. */
const DETAIL_FIELDS: readonly SettingsField<ProfileValues>[] = [
  { name: 'firstName', label: 'profile.firstName', autoComplete: 'given-name' },
  { name: 'lastName', label: 'profile.lastName', autoComplete: 'family-name' },
  { name: 'phone', label: 'profile.phone', autoComplete: 'tel' },
];

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
        if (values.preferredLanguage) setLanguage(values.preferredLanguage);
        enqueueSnackbar(t('profile.updated'), { variant: 'success' });
      },
      onError: fail,
    });
  });
  const { control } = form;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Box sx={grid}>
        <SettingsFields control={control} fields={DETAIL_FIELDS} />
        <FormField control={control} name="preferredLanguage" label={t('profile.language')} select>
          {menuOptions(LANGUAGES, (language) => t(`profile.languages.${language}`))}
        </FormField>
      </Box>
      <FormAlert text={failure} />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={update.isPending}>
        {t('profile.save')}
      </Button>
    </Box>
  );
}

/**
 * The code sent to the pending address; `onConfirmed` and `onError` belong to the email section. A code
 * is good for EMAIL_CHANGE_MAX_ATTEMPTS tries: once they are used (counted here, or the server's
 * RATE_LIMITED after a reload) the field gives way to `onRequestNew`, which readies the send form.
 */
function ConfirmEmailForm(props: {
  detail: UserDetail;
  onSend: () => void;
  onConfirmed: () => void;
  onError: (error: unknown) => void;
  onRequestNew: () => void;
}) {
  const { detail, onSend, onConfirmed, onError, onRequestNew } = props;
  const { t } = useTranslation();
  const confirmChange = useConfirmEmailChange(detail.plUserId);
  const [wrongCodes, setWrongCodes] = useState(0);
  const [isUsedUp, setUsedUp] = useState(false);
  const form = useForm<ConfirmEmailChangeInput>({
    resolver: keyedZodResolver(ConfirmEmailChangeInputSchema),
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
        if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
          setUsedUp(true);
        } else if (applyServerIssues(form, error)) {
          if (wrongCodes + 1 >= EMAIL_CHANGE_MAX_ATTEMPTS) setUsedUp(true);
          setWrongCodes(wrongCodes + 1);
        } else {
          onError(error);
        }
      },
    });
  });
  if (isUsedUp) {
    return (
      // The button under the text, not beside it: on a phone there is no room for both on a line.
      <Alert severity="warning" data-testid="email-code-used-up" sx={{ overflowWrap: 'anywhere' }}>
        {t('profile.codeUsedUp', { email: detail.pendingEmail })}
        <Box sx={{ mt: 1 }}>
          <Button variant="outlined" color="inherit" size="small" onClick={onRequestNew}>
            {t('profile.requestNewCode')}
          </Button>
        </Box>
      </Alert>
    );
  }
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

const EMAIL_FIELDS: readonly SettingsField<EmailValues>[] = [
  { name: 'newEmail', label: 'profile.newEmail', type: 'email', autoComplete: 'email', testId: 'new-email' },
  {
    name: 'password',
    label: 'profile.currentPassword',
    type: 'password',
    autoComplete: 'current-password',
    testId: 'email-password',
  },
];

function EmailChange({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange(detail.plUserId);
  const { form, failure, setFailure, fail } = useSettingsForm<EmailValues>(RequestEmailChangeInputSchema, {
    newEmail: '',
    password: '',
  });
  const sendForm = useRef<HTMLFormElement>(null);
  // Each code sent starts its confirm form afresh (its tries counted anew).
  const [codesSent, setCodesSent] = useState(0);
  const ask = form.handleSubmit((values) => {
    setFailure(null);
    request.mutate(values, {
      onSuccess: () => {
        form.resetField('password');
        setCodesSent((count) => count + 1);
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
          key={codesSent}
          detail={detail}
          onSend={() => setFailure(null)}
          onConfirmed={() => form.resetField('newEmail')}
          onError={fail}
          onRequestNew={() => {
            form.setValue('newEmail', detail.pendingEmail ?? '');
            // FormField binds its ref to the field's root, not the input, so setFocus cannot reach it.
            sendForm.current?.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
          }}
        />
      ) : null}
      <Box ref={sendForm} component="form" noValidate onSubmit={(event) => void ask(event)} sx={grid}>
        <SettingsFields control={form.control} fields={EMAIL_FIELDS} />
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

type PasswordValues = z.input<typeof ChangePasswordInputSchema>;

const PASSWORD_FIELDS: readonly SettingsField<PasswordValues>[] = [
  {
    name: 'oldPassword',
    label: 'profile.oldPassword',
    type: 'password',
    autoComplete: 'current-password',
    testId: 'oldPassword',
  },
  {
    name: 'newPassword',
    label: 'profile.newPassword',
    type: 'password',
    autoComplete: 'new-password',
    testId: 'newPassword',
    helperText: 'validation.strongPassword',
  },
  {
    name: 'confirmPassword',
    label: 'profile.confirmPassword',
    type: 'password',
    autoComplete: 'new-password',
    testId: 'confirmPassword',
  },
];

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
        <SettingsFields control={form.control} fields={PASSWORD_FIELDS} />
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
      <SettingsSection id="profile-details" title={t('profile.details')}>
        <ProfileForm detail={detail.data} />
      </SettingsSection>
      <SettingsSection id="profile-email" title={t('profile.email')}>
        <EmailChange detail={detail.data} />
      </SettingsSection>
      <SettingsSection id="profile-password" title={t('profile.password')}>
        <PasswordChange />
      </SettingsSection>
      <SettingsSection id="profile-devices" title={t('profile.otherDevices')}>
        <OtherDevices />
      </SettingsSection>
    </Stack>
  );
}
