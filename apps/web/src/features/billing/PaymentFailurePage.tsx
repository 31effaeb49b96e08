export default function PaymentFailurePage() {
  return <div>TODO</div>;
}
