import { Flex, Heading, View } from '@/components/ui/themed/primitives';
import { ButtonLink } from '@/components/ui/link/button-link';
import { paths } from '@/config/paths';
import { useOopsDialog } from './oops-dialog';
import { VideoEditorTabs } from './video-editor-tabs';
import '../videos.css';

/** /home/videos/:id/edit (docs/product.md, "Signed-in routes"): the Details, Questions and Schedule tabs of one video. */
export function EditVideoPage({ videoId }: { videoId: string }) {
  const oops = useOopsDialog();
  return (
    <View as="section" className="fg-video-page">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={1}>Edit video</Heading>
        <ButtonLink to={paths.home.videos}>Back to Content</ButtonLink>
      </Flex>
      <VideoEditorTabs videoId={videoId} onError={oops.show} />
      {oops.dialog}
    </View>
  );
}
