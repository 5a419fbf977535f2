/// Which of a child's streams a wait looks at.
public enum RoverOutputStream: Sendable {
  case stdout
  case stderr
  case either
}
