// The host is not a Module Federation build (its federation runtime loads on first use, `federation/`),
// so nothing has to be negotiated before the app starts: no async boundary, one round trip less.
import './bootstrap';
