export default function PaymentPendingPage() {
  return <div>TODO</div>;
}
