import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SITE_TYPES } from '@trustleaf/domain/rules/company-fields';
import {
  UpsertLocationInputSchema,
  type Location,
  type UpsertLocationInput,
} from '@trustleaf/domain/schemas/company';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { errorText } from '@/lib/error-notice';
import { useLocations } from '../api/get-locations';
import { useUpsertLocation } from '../api/upsert-location';
import { AddressFields, RecordDialog } from './company-form-parts';

function LocationDialog({
  plCompanyId,
  location,
  onClose,
}: {
  plCompanyId: number;
  /** The location to change; null to add one. */
  location: Location | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const upsert = useUpsertLocation(plCompanyId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UpsertLocationInput>({
    resolver: keyedZodResolver(UpsertLocationInputSchema) as never,
    mode: 'onTouched',
    defaultValues: location
      ? {
          plCompanyId,
          plLocationId: location.plLocationId,
          locationName: location.locationName,
          siteType: location.siteType,
          address: location.address,
          city: location.city,
          state: location.state,
          zip: location.zip,
          country: location.country,
        }
      : {
          plCompanyId,
          locationName: '',
          siteType: '',
          address: '',
          city: '',
          state: '',
          zip: '',
          country: 'US',
        },
  });
  const { control, handleSubmit } = form;
  const submit = handleSubmit((values) => {
    setFormError(null);
    upsert.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar(t('company.locations.saved'), { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        if (!applyServerIssues(form, error)) setFormError(errorText(t, error));
      },
    });
  });
  return (
    <RecordDialog
      title={t(location ? 'company.locations.editTitle' : 'company.locations.addTitle')}
      failure={formError}
      busy={upsert.isPending}
      saveTestId="location-save"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <FormField control={control} name="locationName" label={t('company.locations.name')} />
      <FormField control={control} name="siteType" label={t('company.locations.siteType')} select>
        {SITE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`company.siteTypes.${type}`)}
          </MenuItem>
        ))}
      </FormField>
      <AddressFields control={control} street="address" />
    </RecordDialog>
  );
}

/** The locations tab (spec 3 §3 site types): every member reads; the owner or an admin adds and edits. */
export function LocationsPanel({ plCompanyId, canManage }: { plCompanyId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const locations = useLocations(plCompanyId);
  const [open, setOpen] = useState<Location | 'new' | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('company.locations.title')}
        </Typography>
        {canManage ? (
          <Button variant="outlined" onClick={() => setOpen('new')} data-testid="location-add">
            {t('company.locations.add')}
          </Button>
        ) : null}
      </Stack>
      {locations.isError ? <Alert severity="error">{errorText(t, locations.error)}</Alert> : null}
      {locations.data?.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('company.locations.empty')}</Typography>
      ) : null}
      <List data-testid="location-list">
        {(locations.data ?? []).map((location) => (
          <ListItem
            key={location.plLocationId}
            disableGutters
            divider
            data-testid={`location-${location.locationName}`}
            secondaryAction={
              canManage ? (
                <Button
                  size="small"
                  onClick={() => setOpen(location)}
                  aria-label={t('company.locations.editNamed', { name: location.locationName })}
                >
                  {t('company.edit')}
                </Button>
              ) : null
            }
            sx={{ pr: canManage ? 10 : 0 }}
          >
            <ListItemText
              primary={location.locationName}
              secondary={`${t(`company.siteTypes.${location.siteType}`)} · ${[
                location.address,
                location.city,
                location.state,
                location.zip,
              ]
                .filter(Boolean)
                .join(', ')}`}
              slotProps={{
                primary: { sx: { overflowWrap: 'anywhere' } },
                secondary: { sx: { overflowWrap: 'anywhere' } },
              }}
            />
          </ListItem>
        ))}
      </List>
      {open ? (
        <LocationDialog
          plCompanyId={plCompanyId}
          location={open === 'new' ? null : open}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Paper>
  );
}
