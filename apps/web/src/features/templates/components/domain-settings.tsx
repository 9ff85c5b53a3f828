import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, type SiteTemplate } from '@trustleaf/domain/schemas/site-template';
import { enqueueSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { registerMessageKeys } from '@/lib/i18n-messages';
import { useFailure, type Mutations } from './editor-state';

registerMessageKeys({
  [MESSAGES.domainTaken]: 'siteTemplate.domainSettings.messages.domainTaken',
  [MESSAGES.companyTaken]: 'siteTemplate.domainSettings.messages.companyTaken',
  [MESSAGES.invalidDomain]: 'siteTemplate.domainSettings.messages.invalidDomain',
});

/**
 * Domain settings (spec 3 §1 admin "domain settings"): the host name whose visitors see the template
 * before signing in, and the partner company whose members see it once signed in. Only that exact
 * host name matches. A draft of a published template has none of its own: the published one keeps them.
 */
export function DomainSettings({ template, mutations }: { template: SiteTemplate; mutations: Mutations }) {
  const { t } = useTranslation();
  const headingId = useId();
  const failed = useFailure();
  const [domain, setDomain] = useState(template.domain ?? '');
  const [companyId, setCompanyId] = useState(template.plCompanyId ? String(template.plCompanyId) : '');
  function submit(event: FormEvent) {
    event.preventDefault();
    mutations.update.mutate(
      {
        plSiteTemplateId: template.plSiteTemplateId,
        domain: domain.trim() || null,
        plCompanyId: companyId ? Number(companyId) : null,
      },
      {
        onSuccess: (saved) => {
          setDomain(saved.domain ?? '');
          enqueueSnackbar(t('siteTemplate.domainSettings.saved'), { variant: 'success' });
        },
        onError: failed,
      },
    );
  }
  return (
    <Stack
      component="form"
      onSubmit={submit}
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
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <DomainFields domain={domain} companyId={companyId} onDomain={setDomain} onCompanyId={setCompanyId} />
        <Button type="submit" variant="outlined" disabled={mutations.update.isPending}>
          {t('siteTemplate.domainSettings.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The host name and partner company fields, in the add form and in a template's domain settings. */
export function DomainFields({
  domain,
  companyId,
  onDomain,
  onCompanyId,
}: {
  domain: string;
  companyId: string;
  onDomain: (domain: string) => void;
  onCompanyId: (companyId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('siteTemplate.fields.domain')}
        value={domain}
        onChange={(event) => onDomain(event.target.value)}
        size="small"
        helperText={t('siteTemplate.fields.domainHelp')}
        slotProps={{ htmlInput: { maxLength: 253, autoCapitalize: 'none', spellCheck: false } }}
      />
      <TextField
        label={t('siteTemplate.fields.companyId')}
        value={companyId}
        onChange={(event) => onCompanyId(event.target.value.replace(/\D/g, ''))}
        size="small"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </>
  );
}
