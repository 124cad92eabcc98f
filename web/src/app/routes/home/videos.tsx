import { useParams } from 'react-router-dom';
import { EditVideoPage } from '@/features/videos/components/edit-video-page';

export { VaultPage } from '@/features/videos/components/vault-page';
export { UploadPage } from '@/features/videos/components/upload-page';

/** /home/videos/:id/edit; a new id is a new page (its forms start from that video). */
export function EditVideoRoute() {
  const { id = '' } = useParams();
  return <EditVideoPage key={id} videoId={id} />;
}
