export default function PricingPage() {
  return <div>TODO</div>;
}
