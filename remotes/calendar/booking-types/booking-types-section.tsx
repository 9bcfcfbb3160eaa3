/** The provider's booking types (issue 30): built by the booking work; the section stays hidden until then. */
export default function BookingTypesSection() {
  return null;
}
