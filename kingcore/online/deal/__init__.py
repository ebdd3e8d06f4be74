"""How a deal is made fair: the commutative cipher's group, the shuffle, the blind deal and its audit."""
