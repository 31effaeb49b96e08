export default function PaymentPage() {
  return <div>TODO</div>;
}
