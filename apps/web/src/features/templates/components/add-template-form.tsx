import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DomainFields } from './domain-settings';
import { useFailure, type Mutations } from './editor-state';

/** A new template: its name and, optionally, the host name and partner company it is shown for. */
export function AddTemplateForm({
  mutations,
  onAdded,
}: {
  mutations: Mutations;
  onAdded: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [companyId, setCompanyId] = useState('');
  const failed = useFailure();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    mutations.add.mutate(
      {
        name,
        domain: domain.trim() || null,
        plCompanyId: companyId.trim() ? Number(companyId) : null,
      },
      {
        onSuccess: (created) => {
          setName('');
          setDomain('');
          setCompanyId('');
          onAdded(created.plSiteTemplateId);
        },
        onError: failed,
      },
    );
  }
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {t('siteTemplate.add.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          label={t('siteTemplate.fields.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          size="small"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <DomainFields domain={domain} companyId={companyId} onDomain={setDomain} onCompanyId={setCompanyId} />
        <Button type="submit" variant="contained" disabled={mutations.add.isPending}>
          {t('siteTemplate.add.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
