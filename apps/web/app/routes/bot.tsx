export default function BotRoute() {
  return <h1>bot</h1>;
}
