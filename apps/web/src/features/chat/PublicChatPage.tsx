import { useParams } from 'react-router';
import { PublicChat } from './PublicChat';

/** Route /public-chat/:webhookId? (without an id the page says the link is invalid). */
export default function PublicChatPage() {
  const { webhookId } = useParams();
  return <PublicChat webhookId={webhookId} />;
}
