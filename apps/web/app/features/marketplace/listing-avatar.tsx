import { PersonaAvatar } from "~/components/avatar/persona-avatar";

/**
 * A listed persona's avatar: the builder's own PersonaAvatar (an uploaded image, an emoji or the
 * name's first letter), so a persona looks the same in the marketplace as where it was made.
 */
export function ListingAvatar({ avatar, name }: { avatar: string; name: string }) {
  // Always shown beside the name: the image needs no alt text of its own.
  return <PersonaAvatar avatar={avatar} name={name} size="md" decorative />;
}
