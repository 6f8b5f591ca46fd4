// A confirmation over another screen (deleting a translation, a glossary term): the question, Cancel
// and the red confirm button, busy while the action runs (the dialog cannot be dismissed then).
import { useTranslation } from 'react-i18next';
import { Modal } from '../Modal';
import { Button, Spinner } from '../ui';

export function ConfirmDialog({
  open,
  title,
  description,
  question,
  confirmLabel,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: string;
  question: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={title} description={description} dismissible={!busy}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{question}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy && <Spinner />}
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
