import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_COUNTRIES, SITE_TYPES } from '@trustleaf/domain/rules/company-fields';
import {
  UpsertLocationInputSchema,
  type Location,
  type UpsertLocationInput,
} from '@trustleaf/domain/schemas/company';
import { enqueueSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { applyServerIssues } from '@/lib/server-issues';
import { errorText } from '@/lib/error-notice';
import { useLocations } from '../api/get-locations';
import { useUpsertLocation } from '../api/upsert-location';

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
  const id = useId();
  const upsert = useUpsertLocation(plCompanyId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UpsertLocationInput>({
    resolver: zodResolver(UpsertLocationInputSchema) as never,
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
          siteType: '' as UpsertLocationInput['siteType'],
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
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>
        {t(location ? 'company.locations.editTitle' : 'company.locations.addTitle')}
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${id}-form`}
          noValidate
          onSubmit={(event) => void submit(event)}
          sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <FormField control={control} name="locationName" label={t('company.locations.name')} />
          <FormField control={control} name="siteType" label={t('company.locations.siteType')} select>
            {SITE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`company.siteTypes.${type}`)}
              </MenuItem>
            ))}
          </FormField>
          <FormField
            control={control}
            name="address"
            label={t('company.fields.address')}
            autoComplete="street-address"
          />
          <FormField
            control={control}
            name="city"
            label={t('company.fields.city')}
            autoComplete="address-level2"
          />
          <FormField
            control={control}
            name="state"
            label={t('company.fields.state')}
            autoComplete="address-level1"
          />
          <FormField
            control={control}
            name="zip"
            label={t('company.fields.zip')}
            autoComplete="postal-code"
          />
          <FormField control={control} name="country" label={t('company.fields.country')} select>
            {COMPANY_COUNTRIES.map((country) => (
              <MenuItem key={country} value={country}>
                {t(`company.countries.${country}`)}
              </MenuItem>
            ))}
          </FormField>
          {formError ? (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {formError}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('company.cancel')}</Button>
        <Button
          type="submit"
          form={`${id}-form`}
          variant="contained"
          loading={upsert.isPending}
          data-testid="location-save"
        >
          {t('company.save')}
        </Button>
      </DialogActions>
    </Dialog>
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
