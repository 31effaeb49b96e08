export default function SandboxCheckoutPage() {
  return <div>TODO</div>;
}
