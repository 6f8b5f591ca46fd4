// One upload to the company's video files at a time, as the dialog's source and the chroma key's
// background picker both take them: the file checked first (type, size) with the message of the
// problem, then sent with its progress, cancellable; a new file replaces an upload under way.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadCancelled } from '~/lib/uploads';
import { precheckKey, uploadVideoFile, videoErrorMessage, type VideoFile, type VideoPrecheck } from '~/lib/video-processing';
import { usePrecheckText } from '../projects/FileUpload';

export interface VideoUpload {
  name: string;
  sent: number;
  total: number;
  cancel: () => void;
}

export function useVideoUpload(precheck: (file: File) => VideoPrecheck | null, onUploaded: (file: VideoFile) => void) {
  const { t } = useTranslation();
  const precheckText = usePrecheckText();
  const [upload, setUpload] = useState<VideoUpload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const take = (file: File) => {
    setError(null);
    const problem = precheck(file);
    if (problem) {
      const own = precheckKey(problem);
      setError(own ? t(own.key) : precheckText(problem as Parameters<typeof precheckText>[0]));
      return;
    }
    upload?.cancel();
    const handle = uploadVideoFile(file, (sent, total) => setUpload((u) => (u ? { ...u, sent, total } : u)));
    setUpload({ name: file.name, sent: 0, total: file.size, cancel: handle.cancel });
    handle.promise.then(
      (uploaded) => {
        setUpload(null);
        onUploaded(uploaded);
      },
      (err: unknown) => {
        setUpload(null);
        if (!(err instanceof UploadCancelled)) setError(t('upload.failed', { reason: videoErrorMessage(err, t) }));
      },
    );
  };
  return { upload, error, take };
}
