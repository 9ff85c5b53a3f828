import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LicenceAgreementDialog } from '@/features/accounts/components/licence-agreement-dialog';

/** Spec 1 §4: the checkbox opens the agreement dialog; the dialog's answer sets the checked state. */
export function EulaCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => {
              event.preventDefault();
              setIsOpen(true);
            }}
          />
        }
        label={t('signUp.eula')}
      />
      <LicenceAgreementDialog
        open={isOpen}
        onClose={(agreed) => {
          setIsOpen(false);
          onChange(agreed);
        }}
      />
    </>
  );
}
