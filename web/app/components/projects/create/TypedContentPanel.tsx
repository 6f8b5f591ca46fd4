// The typed input method of the create form: the script or the slides in the editor.
import { useTranslation } from 'react-i18next';
import { Editor } from '../../Editor';

export function TypedContentPanel({
  id,
  slides,
  value,
  onChange,
  error,
}: {
  id: string;
  /** Slides (slides to script) rather than a script. */
  slides: boolean;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div data-field="content">
      <Editor
        id={id}
        label={slides ? t('projectForm.slidesContent') : t('projectForm.scriptContent')}
        mode={slides ? 'slides' : 'script'}
        value={value}
        onChange={onChange}
        placeholder={slides ? t('projectForm.slidesPlaceholder') : t('projectForm.scriptPlaceholder')}
        error={error}
      />
    </div>
  );
}
