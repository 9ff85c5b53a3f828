import type { InviteDetail, PersonalSignUpForm } from '@trustleaf/domain/schemas/accounts';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getInviteDetail } from '@/features/accounts/api/get-invite-detail';
import { loadAccountsSchemas } from '@/features/accounts/api/load-accounts';
import { PersonalFields, SignUpSubmit } from '@/features/accounts/components/personal-fields';
import { useSignUpSubmit } from '@/features/accounts/components/use-sign-up-submit';
import { SignUpFormFrame } from '@/features/accounts/components/sign-up-form-frame';
import { personPayload } from '@/features/accounts/components/sign-up-payload';
import { ApiError } from '@/lib/api-client';
import { errorTextLoaded } from '@/lib/error-notice';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';

// Built once someone starts on the form (SignUpFormFrame); the resolver waits for it if need be.
const resolver = lazyZodResolver<PersonalSignUpForm>(() =>
  loadAccountsSchemas().then((schemas) => schemas.PersonalSignUpFormSchema),
);
// In the sign-up page's own strings: the app's (which hold `roles`) are not loaded on it, and the
// banner read "as roles.companyAdmin".
const ROLE_KEYS: Record<string, string> = {
  'Company Admin': 'signUp.inviteRoles.companyAdmin',
  User: 'signUp.inviteRoles.user',
  'Weak User': 'signUp.inviteRoles.weakUser',
};

/** Spec 1 §2 item 2: the short personal sign-up; with an invite token it joins the inviting company. */
export function PersonalSignUpForm({
  inviteMemberCode,
  onRegistered,
}: {
  inviteMemberCode?: string | null;
  onRegistered: (email: string, password: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const flow = useSignUpSubmit(onRegistered);
  const [invite, setInvite] = useState<InviteDetail | null>(null);
  const { control, handleSubmit, formState, setValue } = useForm<PersonalSignUpForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', phone: '', email: '', password: '', acceptedEula: false },
  });

  const loadInvite = useEffectEvent((code: string) => {
    getInviteDetail(code)
      .then((detail) => {
        setInvite(detail);
        setValue('email', detail.email);
      })
      .catch(async (error: unknown) =>
        flow.setServerError(
          error instanceof ApiError ? await errorTextLoaded(t, error) : t('errors.generic'),
        ),
      );
  });
  // The code is read from the link, once for each code.
  useEffect(() => {
    if (inviteMemberCode) loadInvite(inviteMemberCode);
  }, [inviteMemberCode]);

  const onSubmit = handleSubmit(async (values) => {
    if (!values.acceptedEula) return;
    await flow.start({
      ...personPayload(values),
      ...(inviteMemberCode ? { inviteMemberCode } : {}),
    });
  });

  return (
    <SignUpFormFrame
      label={t('signUp.personalTitle')}
      onSubmit={(event) => void onSubmit(event)}
      flow={flow}
      banner={
        invite
          ? {
              testId: 'invite-banner',
              text: t('signUp.inviteBanner', {
                company: invite.companyName,
                role: ROLE_KEYS[invite.role] ? t(ROLE_KEYS[invite.role]!) : invite.role,
              }),
            }
          : null
      }
    >
      <PersonalFields control={control} />
      <SignUpSubmit control={control} isSubmitting={formState.isSubmitting} />
    </SignUpFormFrame>
  );
}
