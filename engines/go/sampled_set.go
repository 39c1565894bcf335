package main

// What a Theta sketch and a Tuple sketch of the module answer alike: a sample of hashes below
// theta, its estimate and bounds. theta.go and tuple.go ask sampledSetQuery first, then answer
// the queries of their own family.

type sampledSet interface {
	IsEmpty() bool
	Estimate() float64
	LowerBound(numStdDevs uint8) (float64, error)
	UpperBound(numStdDevs uint8) (float64, error)
	IsEstimationMode() bool
	Theta() float64
	Theta64() uint64
	NumRetained() uint32
}

// sampledSetQuery observes query q of sk as the field name when it is one of those; whether it was.
func sampledSetQuery(sk sampledSet, q, name string, obs *observations) (bool, error) {
	switch q {
	case "estimate":
		obs.double(name, sk.Estimate())
	case "lb1", "lb2", "lb3", "ub1", "ub2", "ub3":
		bound := sk.LowerBound
		if q[0] == 'u' {
			bound = sk.UpperBound
		}
		x, err := bound(q[2] - '0')
		if err != nil {
			return true, err
		}
		obs.double(name, x)
	case "theta":
		obs.double(name, sk.Theta())
	case "theta_long":
		obs.int(name, int64(sk.Theta64()))
	case "retained":
		obs.int(name, int64(sk.NumRetained()))
	case "is_empty":
		obs.bool(name, sk.IsEmpty())
	case "is_estimation_mode":
		obs.bool(name, sk.IsEstimationMode())
	default:
		return false, nil
	}
	return true, nil
}
