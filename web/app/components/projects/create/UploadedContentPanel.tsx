// The file input method of the create form: a script file, or the slides (several files). Files go
// up as soon as they are chosen, with their progress (FileUpload); the form posts their ids.
import { useTranslation } from 'react-i18next';
import { FileUpload, type UploadState } from '../FileUpload';

export function UploadedContentPanel({
  id,
  slides,
  planLimitMB,
  companyId,
  onChange,
  error,
}: {
  id: string;
  slides: boolean;
  planLimitMB: number | null | undefined;
  companyId: string | null | undefined;
  onChange: (state: UploadState) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div data-field="uploads">
      {slides ? (
        <FileUpload key="slides" id={`${id}-slides`} label={t('projectForm.slidesFile')} kind="slides" multiple planLimitMB={planLimitMB} companyId={companyId} onChange={onChange} error={error} />
      ) : (
        <FileUpload key="script" id={`${id}-script`} label={t('projectForm.scriptFile')} kind="script" planLimitMB={planLimitMB} companyId={companyId} onChange={onChange} error={error} />
      )}
    </div>
  );
}
