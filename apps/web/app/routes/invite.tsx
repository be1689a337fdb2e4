// Placeholder while the page is built (issue 14).
export default function InviteRoute() {
  return null;
}
