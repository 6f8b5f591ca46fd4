// Software analysis's panel of the create form: the software to analyse, described.
import { useTranslation } from 'react-i18next';
import { Field, describedBy, inputClass } from '../../ui';

export function SoftwareDetailsPanel({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div data-field="software_details">
      <Field id={id} label={t('projectForm.softwareDetails')} hint={t('projectForm.softwareHint')} error={error}>
        <textarea id={id} rows={5} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} {...describedBy(id, true, error)} />
      </Field>
    </div>
  );
}
